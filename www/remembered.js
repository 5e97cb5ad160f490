// Choices remembered on this device (localStorage). A browser that blocks
// storage (private mode, a policy) just forgets them: each lasts the visit.

/** A remembered choice; null when there is none or storage is blocked. */
export function recall(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Blocked: the choice lasts this visit.
  }
}

const DRAFT = 'thistle.attemptDraft';

/**
 * The attempt typed at scramble `input` in this tab and not yet checked
 * (sessionStorage: a reload keeps it, another tab does not); null if none.
 */
export function draftFor(input) {
  try {
    const draft = JSON.parse(sessionStorage.getItem(DRAFT));
    return draft && draft.input === input ? draft.text : null;
  } catch {
    return null;
  }
}

export function keepDraft(input, text) {
  try {
    sessionStorage.setItem(DRAFT, JSON.stringify({ input, text }));
  } catch {
    // Blocked: the draft lasts this page.
  }
}
