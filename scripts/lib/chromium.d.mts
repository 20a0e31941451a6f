export declare const FONTCONFIG_FILE: string;
export declare function browserEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare const CHROMIUM_FLAGS: string[];
export declare function ensureChromium(): string;
export declare function chromiumVersion(path: string): string;
