/**
 * Reads until `done` holds or `withinMs` has passed, and answers the last read: announcements
 * from the database arrive just after the commit, so what a request sees settles within a second.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  withinMs = 1_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
