/**
 * What code may read of a caught value, which is `unknown`: anything can be thrown, so nothing is
 * cast. An Error gives its message (a Node system error, its code too); anything else its string.
 */

/** The message of a thrown Error; String(thrown) for anything else. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A Node system error's code ("ENOENT", "EEXIST", …); undefined when the value has none. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
