import { inputProblems, type InputProblem } from '@logoschool/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/** An input the contract's input rule refuses (NUL, an unpaired surrogate, nesting too deep). */
export class InputRejected extends Error {
  readonly statusCode = 422;
  constructor(
    readonly problems: InputProblem[],
    /** body, querystring, params, headers: what was validated. */
    public validationContext?: string,
  ) {
    super('input rejected');
  }
}

/**
 * The zod validator compiler behind the contract's input rule (`inputProblems`): every body,
 * query and path of every route is checked for forbidden characters and depth before its schema
 * runs, so no schema can forget the rule and no validator recurses into a hostile structure.
 * Fastify runs validation after the preValidation hooks, so a caller is authenticated and
 * authorized before any of this answers (decision 008).
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const problems = inputProblems(data);
    if (problems.length > 0) return { error: new InputRejected(problems) };
    return validate(data);
  };
};
