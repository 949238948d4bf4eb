/**
 * The run's order in its one group of four places: the type check (test/unit/project/type-check.test.ts) first, the
 * longest unit file by far; then the process files; then the other unit files, short and many, which fill the places
 * the last long process files leave idle. Within each part, vitest's own order (by each file's last duration, else
 * its size, the largest first).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const isTypeCheck = (file: TestSpecification): boolean => file.moduleId.endsWith('/type-check.test.ts');

function partOf(file: TestSpecification): number {
  if (isTypeCheck(file)) return 0;
  return file.project.name === 'unit' ? 2 : 1;
}

export class RunOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: vitest's order stays within each part.
    return sorted.sort((a, b) => partOf(a) - partOf(b));
  }
}
