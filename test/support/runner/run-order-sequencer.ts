/**
 * The run's order in its one group of places: the type check (test/unit/project/type-check.test.ts), the longest
 * unit file by far; then the longest process files; then the other process files; then the other unit files, short
 * and many, which fill the places the last process files leave idle. Within each part, vitest's own order (by each
 * file's last duration, else its size, the largest first): on a fresh clone it has no durations, and a file's size
 * says little of its time.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The process files that take longest on a busy machine (docs/performance.md, "CI's time"): started first, none of
 * them is the run's tail. A name that no longer matches a file is only ignored.
 */
const LONGEST_PROCESS_FILES = [
  '/publish/publish-s3-order.test.ts',
  '/operations/kill-restart.test.ts',
  '/server/search-cap.test.ts',
  '/publish/publish-s3-archive.test.ts',
  '/views/bucket-dashboard.test.ts',
  '/upstream/odd-valid-pages.test.ts',
];

const isTypeCheck = (file: TestSpecification): boolean => file.moduleId.endsWith('/type-check.test.ts');
const isLongestProcessFile = (file: TestSpecification): boolean =>
  LONGEST_PROCESS_FILES.some((name) => file.moduleId.endsWith(name));

function partOf(file: TestSpecification): number {
  if (isTypeCheck(file)) return 0;
  if (file.project.name === 'unit') return 3;
  return isLongestProcessFile(file) ? 1 : 2;
}

export class RunOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: vitest's order stays within each part.
    return sorted.sort((a, b) => partOf(a) - partOf(b));
  }
}
