import { withoutBandText } from '@esr/contracts/open-pathways';

/**
 * The records without a risk band (decision 0057), each for its reason, as the open-pathways
 * screens count them, and the total records' status filter that lists them.
 */
export const withoutBand = (['incomplete', 'excluded'] as const).map((status) => ({
  status,
  description: withoutBandText[status],
}));
export type WithoutBandStatus = keyof typeof withoutBandText;

/** The total records' query of one status. */
export const statusQuery = (status: WithoutBandStatus) => new URLSearchParams({ status }).toString();
