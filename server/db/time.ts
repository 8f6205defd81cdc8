/**
 * Times are stored and sent as 'YYYY-MM-DD HH:mm:ss' in China time. The rule lives in src/domain/chinaTime.ts,
 * shared with the browser; the server's modules import it from here.
 */
export { chinaMonth, chinaPreviousMonth, chinaTime, chinaToday, parseChinaTime } from '../../src/domain/chinaTime';
