import type { AppConfig } from '../config.js';
import type { JobSettings } from '../jobs/definition.js';
import { importSandboxLimits } from './import-staging.js';

const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in England, as YYYY-MM-DD: an age or a future date is judged on the trust's calendar. */
export const todayInLondon = (now = new Date()) => londonDate.format(now);

export function jobSettingsFor(config: Pick<AppConfig, 'importMaxFileBytes'>): JobSettings {
  return {
    import: {
      limits: { maxFileBytes: config.importMaxFileBytes },
      sandbox: importSandboxLimits,
      today: () => todayInLondon(),
    },
  };
}
