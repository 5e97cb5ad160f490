// Choices remembered on this device (localStorage). A browser that blocks
// storage (private mode, a policy) just forgets them: each lasts the visit.

/** A remembered choice (`inTab`: this tab's alone); null when there is none or storage is blocked. */
export function recall(key, inTab = false) {
  try {
    return (inTab ? sessionStorage : localStorage).getItem(key);
  } catch {
    return null;
  }
}

export function remember(key, value, inTab = false) {
  try {
    (inTab ? sessionStorage : localStorage).setItem(key, value);
  } catch {
    // Blocked: the choice lasts this visit.
  }
}

/**
 * What was typed in this tab and not yet used, kept over a reload
 * (sessionStorage: another tab does not see it): `what` is 'attempt' (the
 * FMC lab's, not yet checked) or 'scramble' (the Scramble box's, not yet
 * solved), each kept beside the scramble on show when it was typed.
 */
const draftKey = (what) => `thistle.${what}Draft`;

/** The draft of `what` typed at scramble `input`; null if none. */
export function draftFor(what, input) {
  try {
    const draft = JSON.parse(sessionStorage.getItem(draftKey(what)));
    return draft && draft.input === input ? draft.text : null;
  } catch {
    return null;
  }
}

export function keepDraft(what, input, text) {
  try {
    sessionStorage.setItem(draftKey(what), JSON.stringify({ input, text }));
  } catch {
    // Blocked: the draft lasts this page.
  }
}

/** Forgets the draft of `what`, once used. */
export function dropDraft(what) {
  try {
    sessionStorage.removeItem(draftKey(what));
  } catch {
    // Blocked: there is none.
  }
}
