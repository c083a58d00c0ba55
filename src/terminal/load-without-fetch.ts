// Yoga (Ink's layout engine) loads its WebAssembly from an inline data: URL, through fetch() whenever the
// global exists. On Node that first call loads undici (about 90 ms of CPU on the start path, more than
// the rest of Yoga) only to decode bytes the same loader decodes itself when there is no fetch. So the
// screen's code is loaded with the global hidden, and it is put back exactly as it was.

/** Runs `load` (an import of code that loads Ink) with globalThis.fetch absent; restores it after. */
export async function loadWithoutFetch<T>(load: () => Promise<T>): Promise<T> {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  if (!descriptor?.configurable) return load();
  delete (globalThis as { fetch?: unknown }).fetch;
  try {
    return await load();
  } finally {
    Object.defineProperty(globalThis, 'fetch', descriptor);
  }
}
