import { describe, expect, it } from 'vitest';
import { warningGroupMessage, warningMessages } from '../src/messages.js';

// Decision 0057: a blank input the model reads is warned of in each row, and counted by field in the
// summary with the value the model will use, as the row's warning names it.
describe('a group of blank inputs', () => {
  it('names the whole value the model will use, even one with a colon of its own', () => {
    const ethnic = warningMessages.blankInput('Ethnic category', 'White: British');
    expect(ethnic).toBe("Ethnic category is blank: the model will use 'White: British'.");
    expect(
      warningGroupMessage({ kind: 'blank:ethnicGroup', field: 'ethnicGroup', count: 4, message: ethnic }),
    ).toBe("Ethnic category is blank in 4 rows: the model will use 'White: British'.");
  });

  it('counts one row as a row, and keeps a value without a colon as it is', () => {
    const smoking = warningMessages.blankInput('Smoking status', 'Non-smoker, history not known');
    expect(warningGroupMessage({ kind: 'blank:smoking', field: 'smoking', count: 1, message: smoking })).toBe(
      "Smoking status is blank in 1 row: the model will use 'Non-smoker, history not known'.",
    );
    expect(warningGroupMessage({ kind: 'blank:af', field: 'af', count: 1_200, message: 'no words' })).toBe(
      'Atrial fibrillation is blank in 1,200 rows: the model will use its default.',
    );
  });
});
