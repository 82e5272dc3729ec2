const loading = new Map<string, Promise<void>>();

/** Adds a third-party script once; a failed load can be retried by calling again. */
export function loadScript(src: string): Promise<void> {
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      },
      { once: true },
    );
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}
