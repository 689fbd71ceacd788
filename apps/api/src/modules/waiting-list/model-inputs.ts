/**
 * What the procedure's active model makes of an upload's blank inputs, and who it was made for: the
 * reading warns about each blank input the model reads, naming the value the model will use in its
 * place, and about each row outside the model's population (docs/import-format.md "Warnings";
 * decisions 0035 and 0057).
 */
import { defaultedRecordFields } from '@esr/risk-engine/features';
import { populationOf, type Population } from '@esr/risk-engine/population';
import type { Wrapper } from '@esr/risk-engine/wrapper';
import {
  comorbidityFields,
  ethnicGroupOptions,
  sexOptions,
  smokingOptions,
  yesNoOptions,
} from '@esr/contracts/remodel';
import type { Db } from '../../platform/db/client.js';
import { activeRiskModel } from '../models/index.js';

export interface ModelInputRules {
  /** The record fields the model fills in with a default when blank. */
  defaultedFields: string[];
  /** The value each of them takes, in words ("Never smoked", "No", "135 g/L"). */
  defaultWords: Record<string, string>;
  population: Population | null;
}

const codedOptions: Record<string, readonly { value: string; label: string }[]> = {
  sex: sexOptions,
  ethnicGroup: ethnicGroupOptions,
  smoking: smokingOptions,
  ...Object.fromEntries(comorbidityFields.map((field) => [field, yesNoOptions])),
};

/**
 * The value a blank field takes, in words: for a coded field, the first answer whose encoding gives
 * every feature that reads the field its default (what the model treats the blank as); for a
 * number, the default with its unit.
 */
export function defaultWordsOf(wrapper: Wrapper): Record<string, string> {
  const words: Record<string, string> = {};
  for (const field of defaultedRecordFields(wrapper)) {
    const features = wrapper.features.filter(
      (feature) => feature.source.kind === 'field' && feature.source.field === field,
    );
    const options = codedOptions[field];
    if (options && features.every((feature) => feature.source.kind === 'field' && feature.source.encode)) {
      const answer = options.find((option) =>
        features.every((feature) => {
          const source = feature.source as Extract<typeof feature.source, { kind: 'field' }>;
          const encoded = source.encode!.map[option.value] ?? source.encode!.otherwise;
          return encoded === feature.default;
        }),
      );
      if (answer) words[field] = answer.label;
      continue;
    }
    const numeric = features.find((feature) => feature.default !== null);
    if (numeric && numeric.default !== null)
      words[field] = `${numeric.default}${numeric.unit ? ` ${numeric.unit}` : ''}`;
  }
  return words;
}

export async function modelInputRulesOf(
  db: Db,
  trustCode: string,
  procedureCode: string,
): Promise<ModelInputRules> {
  const active = await activeRiskModel(db, trustCode, procedureCode);
  const wrapper = active?.model.wrapper;
  if (!wrapper) return { defaultedFields: [], defaultWords: {}, population: null };
  return {
    defaultedFields: defaultedRecordFields(wrapper),
    defaultWords: defaultWordsOf(wrapper),
    population: populationOf(wrapper),
  };
}
