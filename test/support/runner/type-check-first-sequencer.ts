/**
 * vitest's order (by each file's last duration, else its size, the largest first) with the type check
 * (test/unit/project/type-check.test.ts) first: on a fresh clone its small file would start last among the unit files
 * and be the group's tail, the longest file of the group running alone.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const isTypeCheck = (file: TestSpecification): boolean => file.moduleId.endsWith('/type-check.test.ts');

export class TypeCheckFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(isTypeCheck), ...sorted.filter((file) => !isTypeCheck(file))];
  }
}
