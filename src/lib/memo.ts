/** A Map or WeakMap, as far as memoising needs it. */
interface KeyedStore<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value kept under `key`, made by `make` and kept the first time it is asked for. */
export function getOrMake<K, V>(store: KeyedStore<K, V>, key: K, make: () => V): V {
  let value = store.get(key);
  if (value === undefined) {
    value = make();
    store.set(key, value);
  }
  return value;
}
