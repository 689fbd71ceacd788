/** What the admin module offers the rest of the API; nothing else of it is imported from outside. */
export { trustSettingUseCases, type TrustSetting } from './trust-settings.js';
