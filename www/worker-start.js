// What the page's two workers (solver-worker.js, lab-worker.js) share:
// starting their WebAssembly module, and answering one request.

/**
 * Instantiates a module (`init`), then sets it up (`setup`, which may
 * return a promise: the lab's module first waits for its tables);
 * resolves to whether it started. If it cannot, the page hears `{ failed }`
 * once.
 */
export function startModule(init, setup) {
  return init().then(setup).then(() => true, (error) => {
    postMessage({ failed: String(error && error.message ? error.message : error) });
    return false;
  });
}

/**
 * Posts `{ id, [field]: compute() }` (awaited: a call may load a module
 * first), or `{ id, error: { message, column } }`.
 */
export async function answer(id, field, compute) {
  try {
    postMessage({ id, [field]: await compute() });
  } catch (error) {
    postMessage({ id, error: { message: error.message, column: error.column } });
  }
}
