import { describe, expect, it } from 'vitest';
import { procedureChoices, procedureGroups } from './library';

describe('procedure groups (docs/requirements.md §3: category label capitalised)', () => {
  it('groups procedures by capitalised category, keeping their order', () => {
    expect(
      procedureGroups([
        { code: 'knee', name: 'Knee replacement', category: 'joint replacement' },
        { code: 'hip', name: 'Hip replacement', category: 'joint replacement' },
        { code: 'knee-hip', name: 'Knee and hip replacement', category: 'joint replacement' },
      ]),
    ).toEqual([
      {
        label: 'Joint replacement',
        options: [
          { value: 'knee', label: 'Knee replacement' },
          { value: 'hip', label: 'Hip replacement' },
          { value: 'knee-hip', label: 'Knee and hip replacement' },
        ],
      },
    ]);
  });
});

describe('procedure choices (radios, decision 0040)', () => {
  it('names each category above its first choice, in category order', () => {
    expect(
      procedureChoices([
        { code: 'knee', name: 'Knee replacement', category: 'joint replacement' },
        { code: 'knee-hip', name: 'Knee and hip replacement', category: 'combined replacement' },
        { code: 'hip', name: 'Hip replacement', category: 'joint replacement' },
      ]),
    ).toEqual([
      { value: 'knee', label: 'Knee replacement', groupLabel: 'Joint replacement' },
      { value: 'hip', label: 'Hip replacement' },
      { value: 'knee-hip', label: 'Knee and hip replacement', groupLabel: 'Combined replacement' },
    ]);
  });
});
