export type SubPage = 'documentation' | 'legal' | 'cookies' | 'privacy';
