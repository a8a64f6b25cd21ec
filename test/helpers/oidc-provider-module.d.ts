// oidc-provider ships no types; the tests use its constructor, its Koa callback and its Grant model only.
declare module 'oidc-provider' {
  const Provider: new (
    issuer: string,
    configuration: Record<string, unknown>,
  ) => {
    callback(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
    Grant: new (init: {
      accountId: string;
      clientId: string;
    }) => {
      addOIDCScope(scope: string): void;
      addOIDCClaims(claims: string[]): void;
      save(): Promise<string>;
    };
  };
  export default Provider;
}
