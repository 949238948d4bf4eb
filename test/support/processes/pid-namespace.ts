/**
 * A command line that runs `command` in a PID namespace of its own, as in a separate container:
 * it is pid 1 there, and no process outside it is visible (`unshare --pid --fork --mount-proc`,
 * util-linux; needs root, which the tests have in CI). `--kill-child`: killing unshare kills it.
 */
export const UNSHARE_PATH = '/usr/bin/unshare';

export function inOwnPidNamespace(command: string, args: readonly string[]): string[] {
  return [UNSHARE_PATH, '--pid', '--fork', '--mount-proc', '--kill-child', command, ...args];
}
