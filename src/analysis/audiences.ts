// Who an evidence brief is written for: wording and emphasis change, never the data.
export const AUDIENCES = ['researcher', 'clinician', 'executive', 'student'] as const;
export type Audience = (typeof AUDIENCES)[number];
