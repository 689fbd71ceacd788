import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { RemodelTab, TabCompletion } from '@esr/contracts/remodel';
import { completionLabels } from '../lib/remodel-form';
import { tabIndexAfterKey } from '../lib/tab-navigation';

const completionColour: Record<TabCompletion, string> = {
  empty: 'nhsuk-tag--white',
  half: 'nhsuk-tag--yellow',
  full: 'nhsuk-tag--green',
};

export const tabId = (tab: RemodelTab) => `remodel-tab-${tab.id}`;
export const panelId = (tab: RemodelTab) => `remodel-panel-${tab.id}`;

/** The status picture: an empty, half-filled or full circle (docs/requirements.md §4: empty, half, full). */
function CompletionIcon({ completion }: { completion: TabCompletion }) {
  return (
    <svg
      className="app-completion-icon"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <circle
        cx="10"
        cy="10"
        r="8"
        fill={completion === 'full' ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
      {completion === 'half' && <path d="M10 2 A8 8 0 0 1 10 18 Z" fill="currentColor" />}
    </svg>
  );
}

/**
 * Vertical tabs (WAI-ARIA Authoring Practices, automatic activation): the tab list on the left,
 * each tab with its completion status, the current tab's panel on the right. The arrow keys,
 * Home and End move between the tabs; Tab leaves the list for the panel.
 */
export function RemodelTabs({
  tabs,
  active,
  completion,
  withErrors,
  onSelect,
  panel,
}: {
  tabs: readonly RemodelTab[];
  active: number;
  completion: (tab: RemodelTab) => TabCompletion;
  withErrors: (index: number) => boolean;
  onSelect: (index: number) => void;
  /** The contents of a tab's panel (each is rendered; only the current one is shown). */
  panel: (tab: RemodelTab, index: number) => ReactNode;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const keyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabIndexAfterKey(event.key, active, tabs.length);
    if (next === null) return;
    event.preventDefault();
    onSelect(next);
    buttons.current[next]?.focus();
  };
  return (
    <div className="app-vertical-tabs">
      <div
        className="app-vertical-tabs__list"
        role="tablist"
        aria-orientation="vertical"
        aria-label="Sections of the patient's record"
      >
        {tabs.map((tab, index) => {
          const state = completion(tab);
          const selected = index === active;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={selected}
              aria-controls={panelId(tab)}
              tabIndex={selected ? 0 : -1}
              className={[
                'app-vertical-tabs__tab',
                selected ? 'app-vertical-tabs__tab--selected' : '',
                withErrors(index) ? 'app-vertical-tabs__tab--error' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              onClick={() => onSelect(index)}
              onKeyDown={keyDown}
            >
              <CompletionIcon completion={state} />
              <span className="app-vertical-tabs__title">
                {tab.title}
                {withErrors(index) && <span className="nhsuk-u-visually-hidden">, has errors</span>}
              </span>
              <strong className={`nhsuk-tag ${completionColour[state]} app-vertical-tabs__status`}>
                {completionLabels[state]}
              </strong>
            </button>
          );
        })}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          className="app-vertical-tabs__panel"
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          hidden={index !== active}
        >
          {panel(tab, index)}
        </div>
      ))}
    </div>
  );
}
