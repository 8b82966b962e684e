import { forwardRef, useState, type CSSProperties, type HTMLAttributes } from 'react';
import { getAvatarPhotoUrl, getInitials, getPreferredHumanName, getSafeAttachmentUrl } from '../../fhir';
import type { ResourceOrReference } from '../hooks';
import { useResourceName } from './ResourceName';

/** The corner radius of an avatar, as the theme's scale names it. */
export type AvatarRadius = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** What {@link useResourceAvatar} answers. */
export interface ResourceAvatarState {
  /** The name the avatar stands for ('' while unknown). */
  readonly name: string;
  /** Up to two initials of the name, '?' without one. */
  readonly initials: string;
  /** The photo to show: the `src` given or the resource's photo, only ever an http(s), data or blob URL. */
  readonly photo: string | undefined;
}

/** What an avatar shows for a resource or reference: its photo when it has a safe one, else its initials. */
export function useResourceAvatar(value: ResourceOrReference, src?: string): ResourceAvatarState {
  const { resource, name } = useResourceName(value);
  return {
    name,
    initials: getInitials(getPreferredHumanName(resource) ?? name),
    photo: getSafeAttachmentUrl(src) ?? getAvatarPhotoUrl(resource),
  };
}

/** Props of {@link ResourceAvatar}. */
export interface ResourceAvatarProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** The person or place: a resource, a Reference or a reference string. */
  readonly value: ResourceOrReference;
  /** A photo URL to show instead of the resource's own. */
  readonly src?: string;
  /**
   * What a screen reader hears; the name by default. Pass '' when the name is shown beside the
   * avatar, so it is not read twice.
   */
  readonly alt?: string;
  /** Corner radius. Default 'xl'. */
  readonly radius?: AvatarRadius;
  /** Width and height, in px or any CSS length; `--fpk-avatar-size` by default. */
  readonly size?: number | string;
}

/**
 * A round picture of a person or place: its photo, else its initials. State on the DOM:
 * `data-radius`, and `data-fallback` when it shows initials.
 */
export const ResourceAvatar = /* @__PURE__ */ forwardRef<HTMLSpanElement, ResourceAvatarProps>(function ResourceAvatar(
  { value, src, alt, radius = 'xl', size, className, style, ...rest },
  ref
) {
  const { name, initials, photo } = useResourceAvatar(value, src);
  // A photo that fails to load falls back to the initials rather than a broken image.
  const [failed, setFailed] = useState<string>();
  const showPhoto = photo && failed !== photo;
  const label = alt ?? name;
  const sized: CSSProperties | undefined =
    size === undefined
      ? style
      : { ...style, ['--fpk-avatar-size' as string]: typeof size === 'number' ? `${size}px` : size };
  return (
    <span
      {...rest}
      ref={ref}
      className={className ? `fpk-avatar ${className}` : 'fpk-avatar'}
      style={sized}
      data-radius={radius}
      data-fallback={showPhoto ? undefined : ''}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {showPhoto ? <img src={photo} alt="" onError={() => setFailed(photo)} /> : initials}
    </span>
  );
});
