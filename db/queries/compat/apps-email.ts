/** The documented email endpoints answer from the Mail screen's queries (one set of mail SQL). */
export * from '@/db/queries/workspace/mail';
