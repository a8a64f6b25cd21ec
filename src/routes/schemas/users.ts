// What the route table of users (routes/users.ts) names besides the field declarations.
import { inputSchema } from '../../fields/field.ts';
import { USER } from '../../fields/users.ts';
import { ADMIN_PATCH_FIELDS, OWN_PATCH_FIELDS } from '../../domain/users.ts';

export { OWN_PATCH_FIELDS };

/** The body of a patch of USER's fields `names`, from their declarations. */
export function userPatchSchema(names: readonly string[]) {
  const schema = inputSchema(USER, 'patch');
  const properties = Object.fromEntries(Object.entries(schema.properties as object).filter(([name]) => names.includes(name)));
  return { ...schema, properties };
}

/** The body of an admin's change to a user: role, password, disabled, displayName, language. */
export const USER_PATCH = userPatchSchema(ADMIN_PATCH_FIELDS);
