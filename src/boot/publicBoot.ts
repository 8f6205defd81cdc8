import { boot } from './boot';

/**
 * index.html's boot (the public pages: /login, registration…): no first paint, so /login never downloads the
 * declarations it draws from.
 */
boot();
