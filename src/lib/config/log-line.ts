/**
 * Log lines carry outside text (the upstream's labels and snippets, URLs, error messages): a
 * control character in them could rewrite the operator's terminal (ESC[2J) or fake a log line
 * (a newline). Every line is escaped where it is written, so no caller has to remember it.
 */

/** C0 (with tab and newline), DEL and C1. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/gu;

/** Each control character as a visible `\xHH` (e.g. ESC → `\x1b`); everything else unchanged. Idempotent. */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Writes one log line, escaped, followed by a newline. */
export function writeLogLine(stream: NodeJS.WritableStream, line: string): void {
  stream.write(`${escapeControlCharacters(line)}\n`);
}
