/** Holds on to ever more memory, as a function given a document larger than its MemorySize allows. */
export const handler = async () => {
  const held: number[][] = [];
  for (let megabyte = 0; ; megabyte++) held.push(new Array<number>(1 << 17).fill(megabyte));
};
