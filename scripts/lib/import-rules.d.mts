export interface ImportRule {
  name: string;
  why: string;
  from: RegExp;
  except?: RegExp;
  to: RegExp[];
}
export interface ImportOf {
  issuer: string;
  request: string;
  id: string | null;
}

export declare function findBoundaryBreaks(
  tree: Record<string, ReadonlyArray<ImportOf> | null>,
  rules?: ImportRule[],
): { rule: ImportRule; issuer: string; target: string }[];
