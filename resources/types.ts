import type { ResourceApi } from '../providers/dataProvider';

/** One entity's declaration: plain data, read by the web app's generator and by the server. */
export interface ResourceDeclaration {
  /** The route without its slash, e.g. 'adMerchant'. */
  name: string;
  api: ResourceApi;
}
