import { useState } from 'react';
import { Tag } from '../../../components/content';
import { failedFieldTags } from '../lib/failed-fields';

/**
 * docs/requirements.md §2: the fields a record failed on, as tags: the first 3, then '+N more', a button that shows
 * the rest where they were hidden and can hide them again. `whose` names the record for screen
 * readers, as every row has such a button.
 */
export function FailedFieldTags({ fields, whose }: { fields: readonly string[]; whose: string }) {
  const [open, setOpen] = useState(false);
  const { first, rest, moreText } = failedFieldTags(fields);
  if (first.length === 0) return null;
  return (
    <ul className="app-tag-list" aria-label={`Failed fields of ${whose}`}>
      {first.map((label) => (
        <li key={label}>
          <Tag colour="red">{label}</Tag>
        </li>
      ))}
      {open &&
        rest.map((label) => (
          <li key={label}>
            <Tag colour="red">{label}</Tag>
          </li>
        ))}
      {moreText && (
        <li>
          <button
            type="button"
            className="app-link-button app-tag-list__more"
            aria-expanded={open}
            onClick={() => setOpen((shown) => !shown)}
          >
            {open ? 'Show fewer' : moreText}
            <span className="nhsuk-u-visually-hidden"> failed fields of {whose}</span>
          </button>
        </li>
      )}
    </ul>
  );
}
