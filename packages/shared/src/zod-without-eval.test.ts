import { describe, expect, it } from 'vitest';
import './zod-without-eval.ts';
import { z } from 'zod';

describe('zod-without-eval', () => {
  it("sets zod's jitless setting without importing zod, so no parser is compiled with new Function", () => {
    expect(z.config().jitless).toBe(true);
    const compile = globalThis.Function;
    let compiled = 0;
    globalThis.Function = new Proxy(compile, {
      construct(target, args: string[]) {
        compiled += 1;
        return new target(...args);
      },
    });
    try {
      const schema = z.object({ name: z.string(), age: z.number() });
      expect(schema.parse({ name: 'Ada', age: 36 })).toEqual({ name: 'Ada', age: 36 });
      expect(compiled).toBe(0);
    } finally {
      globalThis.Function = compile;
    }
  });
});
