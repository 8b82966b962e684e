/** Where a ReadablePromise stands (pending, success, error). */
export type ReadablePromiseStatus = 'pending' | 'success' | 'error';

/**
 * A promise whose outcome can also be read synchronously, for React Suspense: `read()` answers
 * the value once it is there, throws the promise itself while pending (Suspense waits on it)
 * and throws the error once it failed.
 */
export class ReadablePromise<T> implements Promise<T> {
  readonly [Symbol.toStringTag] = 'ReadablePromise';
  #status: ReadablePromiseStatus = 'pending';
  #value?: Awaited<T>;
  #error?: unknown;
  readonly #promise: Promise<T>;

  constructor(source: PromiseLike<T>) {
    this.#promise = Promise.resolve(source).then(
      (value) => {
        this.#status = 'success';
        this.#value = value as Awaited<T>;
        return value;
      },
      (error: unknown) => {
        this.#status = 'error';
        this.#error = error;
        throw error;
      }
    );
  }

  /** A ReadablePromise that is already settled with a value: `read()` answers it at once. */
  static resolve<T>(value: Awaited<T>): ReadablePromise<T> {
    const promise = new ReadablePromise<T>(Promise.resolve(value));
    promise.#status = 'success';
    promise.#value = value;
    return promise;
  }

  /**
   * `map` of the source's value: settled at once when the source already is (so Suspense reads a
   * cached answer without waiting a tick), else once the source settles.
   */
  static derive<S, T>(source: PromiseLike<S>, map: (value: S) => T): ReadablePromise<T> {
    if (source instanceof ReadablePromise && source.#status === 'success') {
      let mapped: T;
      try {
        mapped = map(source.#value as S);
      } catch (error) {
        const failed = new ReadablePromise<T>(Promise.reject(error));
        // read() throws the error at once; a caller that awaits still sees the rejection.
        failed.#promise.catch(() => undefined);
        failed.#status = 'error';
        failed.#error = error;
        return failed;
      }
      return ReadablePromise.resolve(mapped as Awaited<T>);
    }
    return new ReadablePromise(Promise.resolve(source).then(map));
  }

  /** Where the promise stands. */
  getStatus(): ReadablePromiseStatus {
    return this.#status;
  }

  /** True until the promise settles. */
  isPending(): boolean {
    return this.#status === 'pending';
  }

  /** True once the promise resolved. */
  isOk(): boolean {
    return this.#status === 'success';
  }

  /** The value once resolved; throws this promise while pending and the error once rejected. */
  read(): Awaited<T> {
    if (this.#status === 'success') return this.#value as Awaited<T>;
    if (this.#status === 'error') throw this.#error;
    throw this;
  }

  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null
  ): Promise<R1 | R2> {
    return this.#promise.then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: any) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#promise.catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#promise.finally(onfinally);
  }
}
