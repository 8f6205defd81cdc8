// The anchor for bench/listFirstRow.ts: the plainest react-admin app — two guessed resources over a small JSON
// server (bench/support/anchorApp.ts), no code splitting, no custom layout, theme or i18n. Our app's cold
// list is measured against this one's in the same run.

import { Admin, type DataProvider, fetchUtils, ListGuesser, Resource } from 'react-admin';
import { createRoot } from 'react-dom/client';

/** ra-data-json-server's conventions (_start, _end, _sort, _order, X-Total-Count), written out. */
const json = (url: string) => fetchUtils.fetchJson(url);
const unsupported = () => Promise.reject(new Error('read-only anchor'));
const dataProvider: DataProvider = {
  async getList(resource, params) {
    const { page = 1, perPage = 10 } = params.pagination ?? {};
    const query = new URLSearchParams({
      _start: String((page - 1) * perPage),
      _end: String(page * perPage),
      _sort: params.sort?.field ?? 'id',
      _order: params.sort?.order ?? 'ASC',
    });
    const { json: data, headers } = await json(`/api/${resource}?${query}`);
    return { data, total: Number(headers.get('x-total-count')) };
  },
  async getOne(resource, params) {
    return { data: (await json(`/api/${resource}/${params.id}`)).json };
  },
  async getMany(resource, params) {
    const rows = await Promise.all(params.ids.map((id) => json(`/api/${resource}/${id}`)));
    return { data: rows.map((row) => row.json) };
  },
  async getManyReference(resource, params) {
    return this.getList(resource, params);
  },
  update: unsupported,
  updateMany: unsupported,
  create: unsupported,
  delete: unsupported,
  deleteMany: unsupported,
};

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <Admin dataProvider={dataProvider} disableTelemetry>
      <Resource name="companies" list={ListGuesser} />
      <Resource name="contracts" list={ListGuesser} />
    </Admin>,
  );
}
