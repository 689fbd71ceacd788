/** Query keys of the integration clients feature: one root per trust, so that a change refreshes its lists. */
export const integrationClientKeys = {
  trust: (trust: string) => ['integration-clients', trust] as const,
  clients: (trust: string) => [...integrationClientKeys.trust(trust), 'clients'] as const,
  messages: (trust: string, pageNumber: number) =>
    [...integrationClientKeys.trust(trust), 'messages', pageNumber] as const,
};
