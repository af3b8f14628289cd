/** The contract of the identity-adjacent calls (SPEC §3, §7): signup completion, activation, who am I. */
import * as v from 'valibot';
import { LIMITS } from '../domain/limits';
import { Id, RoleSchema, atMost, cleanText, visibleName } from './shared';

/** POST /api/complete-signup body (SPEC §3 signup-completion payload). */
export const CompleteSignupRequestSchema = v.object({
  fullName: v.pipe(
    v.string('fullName must be text'),
    v.trim(),
    v.minLength(1, 'fullName is required'),
    atMost('fullName', LIMITS.name),
    cleanText('fullName'),
    visibleName('fullName'),
  ),
  email: v.pipe(v.string('email must be text'), v.trim(), atMost('email', LIMITS.email), v.email('email must be a valid email address')),
  phoneNumber: v.pipe(
    v.string('phoneNumber must be text'),
    atMost('phoneNumber', LIMITS.phone),
    v.regex(/^\+[1-9]\d{1,14}$/, 'phoneNumber must be in E.164 form'),
  ),
  organization: v.pipe(
    v.string('organization must be text'),
    v.trim(),
    v.minLength(1, 'organization is required'),
    atMost('organization', LIMITS.organization),
    cleanText('organization'),
    visibleName('organization'),
  ),
  cognitoUserId: Id('cognitoUserId'),
});
export type CompleteSignupRequest = v.InferOutput<typeof CompleteSignupRequestSchema>;

export const CompleteSignupResponseSchema = v.object({
  organizationId: v.string(),
  devicePhoneNumber: v.string(),
  message: v.string(),
});
export type CompleteSignupResponse = v.InferOutput<typeof CompleteSignupResponseSchema>;

/**
 * GET /api/me — an extension of SPEC §7: the caller's membership, so the console can tell an
 * administrator from a member before it loads any admin data. 404 when the caller has no
 * membership yet (signup completion not done).
 */
export const MeResponseSchema = v.object({
  memberId: v.string(),
  name: v.string(),
  email: v.string(),
  role: RoleSchema,
  isAdmin: v.boolean(),
  /** False for a member who is pending or was deactivated: `isAdmin` is then false whatever the role. */
  isActive: v.boolean(),
  organization: v.object({ id: v.string(), name: v.string() }),
});
export type MeResponse = v.InferOutput<typeof MeResponseSchema>;
