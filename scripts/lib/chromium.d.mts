export declare function browserEnv(): NodeJS.ProcessEnv;
export declare const CHROMIUM_FLAGS: string[];
export declare function ensureChromium(): string;
export declare function chromiumVersion(path: string): string;
