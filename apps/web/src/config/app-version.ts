/** SPEC §9: the release customers see on the profile screen and error reports carry. */
export const APP_VERSION = '1.46.2';
