import type { ImgHTMLAttributes } from "react";

interface ImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "width" | "height" | "alt"> {
  alt: string;
  /** Intrinsic size: always set, so the page does not shift while images load. */
  width: number;
  height: number;
  /** Images above the fold load at once; the rest wait until they are near the viewport. */
  priority?: boolean;
}

export function Image({ priority = false, ...rest }: ImageProps) {
  return <img loading={priority ? "eager" : "lazy"} decoding="async" {...(priority ? { fetchPriority: "high" as const } : {})} {...rest} />;
}
