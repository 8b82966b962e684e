// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QUESTIONNAIRE_FIXTURES, SHARED_QUESTIONNAIRE_FIXTURES } from './fixtures';

const list = (dir: string) => readdirSync(dir).sort();

describe('the committed questionnaire fixtures', () => {
  it('are the shared ones, file for file', () => {
    if (!existsSync(SHARED_QUESTIONNAIRE_FIXTURES)) {
      console.log(`${SHARED_QUESTIONNAIRE_FIXTURES} not found: the committed snapshot was not compared with it`);
      return;
    }
    expect(list(QUESTIONNAIRE_FIXTURES)).toEqual(list(SHARED_QUESTIONNAIRE_FIXTURES));
    for (const file of list(SHARED_QUESTIONNAIRE_FIXTURES)) {
      expect(readFileSync(join(QUESTIONNAIRE_FIXTURES, file), 'utf8'), file).toBe(
        readFileSync(join(SHARED_QUESTIONNAIRE_FIXTURES, file), 'utf8')
      );
    }
  });
});
