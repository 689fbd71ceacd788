import type { Role } from '@esr/contracts/roles';
import { Checkboxes } from '../../../components/form-fields';

/**
 * docs/requirements.md §2 user-list filter: a multi-select of roles that shows 'N role(s) selected'. A disclosure
 * (details/summary) holding checkboxes: native, keyboard-operable and announced by screen readers.
 */
export function RoleMultiSelect({
  roles,
  selected,
  onChange,
}: {
  roles: Role[];
  selected: string[];
  onChange: (selected: string[]) => void;
}) {
  return (
    <div className="nhsuk-form-group">
      <span className="nhsuk-label" aria-hidden="true">
        Assigned roles
      </span>
      <details className="nhsuk-details app-multi-select">
        <summary className="nhsuk-details__summary">
          <span className="nhsuk-details__summary-text">
            <span className="nhsuk-u-visually-hidden">Assigned roles: </span>
            {selected.length} role(s) selected
          </span>
        </summary>
        <div className="nhsuk-details__text">
          <Checkboxes
            name="filter-roles"
            legend="Assigned roles"
            legendClassName="nhsuk-u-visually-hidden"
            small
            items={roles.map((role) => ({ value: role.code, label: role.name }))}
            selected={selected}
            onChange={(value, checked) =>
              onChange(checked ? [...selected, value] : selected.filter((code) => code !== value))
            }
          />
        </div>
      </details>
    </div>
  );
}
