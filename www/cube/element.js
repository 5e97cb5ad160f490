// Building blocks of Your cube's panels (the editor, scan, Follow along):
// an element with its attributes and text, and a message as a sentence.

/** A `tag` element with `attributes` set and, if given, `text`. */
export function element(tag, attributes = {}, text = '') {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

/** `text` as a sentence: capital first, full stop last. */
export const sentence = (text) => `${text.replace(/^./, (c) => c.toUpperCase())}.`;
