/** Dies of an uncaught error while its invocation is still running, as a crashing Lambda instance. */
export const handler = () =>
  new Promise(() => {
    setTimeout(() => {
      throw new Error('the instance broke');
    }, 10);
  });
