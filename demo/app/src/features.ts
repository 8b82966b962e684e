// Which signed-in sections of portal.md exist in this build. A link to a section that does not
// exist yet is left out rather than pointing at a placeholder page; each feature's work flips
// its entry when its routes land.
export const features = {
  healthRecord: true,
  messages: true,
  carePlan: true,
  getCare: true,
  account: true,
  questionnaires: true,
  medications: true,
} as const;
