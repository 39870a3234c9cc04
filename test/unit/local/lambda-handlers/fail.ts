/** Throws an error of its own kind, as a handler whose dependency refused. */
export const handler = async () => {
  throw Object.assign(new Error('the page store refused the write'), { name: 'PageStoreRefused', code: 'E_REFUSED' });
};
