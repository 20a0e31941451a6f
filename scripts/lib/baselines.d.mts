export declare function notePictureSeen(root: string, baseline: string): void;
export declare function forgetUnusedBaselines(root: string): void;
export declare function forgetPictureRun(root: string): void;
export declare function findUnusedBaselines(root: string): string[];
export declare function listedUnusedBaselines(root: string): string[] | null;
