import {
  ethnicGroupOptions,
  labRules,
  sexOptions,
  smokingOptions,
  yesNoOptions,
  type LabField,
  type RemodelField,
  type RemodelQuestion,
  type RemodelValues,
} from '@esr/contracts/remodel';
import { DateInput, Radios, Select, TextInput } from '../../../components/form-fields';
import { radioFields } from '../lib/remodel-form';
import { CheckboxItem } from './checkbox-item';

const units: Partial<Record<RemodelField, string>> = {
  height: 'cm',
  weight: 'kg',
  ...Object.fromEntries(Object.entries(labRules).map(([field, rule]) => [field, rule.unit])),
};

const radioOptions: Partial<Record<RemodelField, readonly { value: string; label: string }[]>> = {
  sex: sexOptions,
  smoking: smokingOptions,
};

const isLab = (field: RemodelField): field is LabField => field in labRules;

/**
 * One question of the remodel form (docs/requirements.md §2, §5): its input (a number with its unit, radios, a
 * select or the NHS.UK date input), its error, the lab warning that does not block, and the
 * 'I do not know this information' checkbox, which clears the answer and disables the input.
 */
export function RemodelQuestionField({
  onUnknownChange,
  ...props
}: QuestionInputProps & { onUnknownChange: (unknown: boolean) => void }) {
  const { question, unknown } = props;
  const unknownId = `remodel-${question.id}-unknown`;
  return (
    <div className="app-question">
      <QuestionInput {...props} />
      <div className="nhsuk-checkboxes nhsuk-checkboxes--small app-question__unknown">
        <CheckboxItem id={unknownId} checked={unknown} onChange={onUnknownChange}>
          I do not know this information
          <span className="nhsuk-u-visually-hidden">: {question.label}</span>
        </CheckboxItem>
      </div>
    </div>
  );
}

interface QuestionInputProps {
  question: RemodelQuestion;
  values: RemodelValues;
  unknown: boolean;
  error: string | undefined;
  warning: string | undefined;
  onChange: (change: Partial<RemodelValues>) => void;
}

/** A question's input: the date input, radios, a select, or a number with its unit. */
function QuestionInput({ question, values, unknown, error, warning, onChange }: QuestionInputProps) {
  const field = question.fields[0]!;
  const id = `remodel-${question.id}`;
  if (question.id === 'dateOfBirth')
    return (
      <DateInput
        id={id}
        legend={question.label}
        legendClassName="nhsuk-fieldset__legend--s"
        hint="For example, 15 3 1950"
        error={error}
        disabled={unknown}
        value={{ day: values.dobDay, month: values.dobMonth, year: values.dobYear }}
        onChange={(date) => onChange({ dobDay: date.day, dobMonth: date.month, dobYear: date.year })}
      />
    );
  if (radioFields.has(field))
    return (
      <Radios
        name={id}
        legend={question.label}
        legendClassName="nhsuk-fieldset__legend--s"
        error={error}
        inline={!radioOptions[field]}
        small={!radioOptions[field]}
        disabled={unknown}
        items={[...(radioOptions[field] ?? yesNoOptions)]}
        selected={[values[field]]}
        onChange={(value) => onChange({ [field]: value })}
      />
    );
  if (field === 'ethnicGroup')
    return (
      <Select
        id={id}
        label={question.label}
        labelClassName="nhsuk-label--s"
        error={error}
        disabled={unknown}
        placeholder="Select ethnic group"
        options={[...ethnicGroupOptions]}
        value={values.ethnicGroup}
        onChange={(event) => onChange({ ethnicGroup: event.target.value })}
      />
    );
  const warningId = `${id}-warning`;
  return (
    <TextInput
      id={id}
      label={question.label}
      labelClassName="nhsuk-label--s"
      error={error}
      width={5}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      suffix={units[field]}
      disabled={unknown}
      value={values[field]}
      describedBy={warning && isLab(field) ? warningId : undefined}
      after={
        warning && isLab(field) ? (
          <p className="app-field-warning" id={warningId}>
            <span className="nhsuk-u-visually-hidden">Warning: </span>
            {warning}
          </p>
        ) : undefined
      }
      onChange={(event) => onChange({ [field]: event.target.value })}
    />
  );
}
