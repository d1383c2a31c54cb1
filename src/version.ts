declare const __COLLAB_VERSION__: string | undefined;

/** Set from package.json by the build; the fallback serves tests that run the sources. */
export const VERSION: string = typeof __COLLAB_VERSION__ === 'string' ? __COLLAB_VERSION__ : '0.0.0-dev';
