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
