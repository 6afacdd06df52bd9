/** The LTI 1.3 claim names (1EdTech LTI Core 1.3, Deep Linking 2.0, AGS 2.0, NRPS 2.0). */
const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  custom: `${LTI}custom`,
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  dlData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

export const MESSAGE = {
  resourceLink: 'LtiResourceLinkRequest',
  deepLinking: 'LtiDeepLinkingRequest',
  deepLinkingResponse: 'LtiDeepLinkingResponse',
} as const;

export const SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

/** The custom parameter a Cairn resource link carries (set by deep linking): the trail it opens. */
export const TRAIL_PARAM = 'cairn_trail';

/** True when an LTI roles list makes the user a teacher of the course (Instructor, or an administrator). */
export function isInstructor(roles: unknown): boolean {
  if (!Array.isArray(roles)) return false;
  return roles.some(
    (r) =>
      typeof r === 'string' &&
      (r.endsWith('membership#Instructor') ||
        r.endsWith('membership/Instructor') ||
        r === 'Instructor' ||
        r.endsWith('institution/person#Administrator') ||
        r.endsWith('membership#ContentDeveloper')),
  );
}
