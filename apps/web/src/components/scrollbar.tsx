import { useCallback, useEffect, useRef, type PointerEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { alpha, useTheme, type SxProps, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SCROLLBAR_MIN_THUMB_SIZE } from '../theme/constants.ts';

/** Touch screens (no hover, a coarse pointer) scroll with the finger and their own indicator. */
export const TOUCH_MEDIA_QUERY = '(hover: none) and (pointer: coarse)';

export interface ScrollbarProps {
  children: ReactNode;
  sx?: SxProps<Theme>;
  /** An accessible name for the scrolling region. */
  'aria-label'?: string;
}

/** Thumb length and offset along a track (px), never shorter than the spec's minimum of 25. */
export function thumbGeometry(viewport: number, content: number, position: number) {
  if (content <= viewport || viewport <= 0) return null;
  const size = Math.max(SCROLLBAR_MIN_THUMB_SIZE, (viewport / content) * viewport);
  const maxPosition = content - viewport;
  const offset = (Math.min(Math.max(position, 0), maxPosition) / maxPosition) * (viewport - size);
  return { size, offset };
}

/**
 * A scrolling area with a slim custom scrollbar that shows on hover and while scrolling. Touch
 * devices (no hover, a coarse pointer) get a plain scrollable container instead.
 */
export function Scrollbar({ children, sx, ...other }: ScrollbarProps) {
  const isTouch = useMediaQuery(TOUCH_MEDIA_QUERY);
  if (isTouch) {
    return (
      <Box
        data-scrollbar="native"
        aria-label={other['aria-label']}
        sx={[
          {
            minWidth: 0,
            minHeight: 0,
            overflowX: 'auto',
            overflowY: 'auto',
            WebkitOverflowScrolling: 'touch',
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {children}
      </Box>
    );
  }
  return (
    <CustomScrollbar sx={sx} {...other}>
      {children}
    </CustomScrollbar>
  );
}

function CustomScrollbar({ children, sx, ...other }: ScrollbarProps) {
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const viewportRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const yThumbRef = useRef<HTMLDivElement>(null);
  const xThumbRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<number | undefined>(undefined);

  const update = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const y = thumbGeometry(viewport.clientHeight, viewport.scrollHeight, viewport.scrollTop);
    const x = thumbGeometry(
      viewport.clientWidth,
      viewport.scrollWidth,
      Math.abs(viewport.scrollLeft),
    );
    const yThumb = yThumbRef.current;
    if (yThumb) {
      yThumb.style.display = y ? 'block' : 'none';
      if (y) {
        yThumb.style.height = `${y.size}px`;
        yThumb.style.transform = `translateY(${y.offset}px)`;
      }
    }
    const xThumb = xThumbRef.current;
    if (xThumb) {
      xThumb.style.display = x ? 'block' : 'none';
      if (x) {
        xThumb.style.width = `${x.size}px`;
        xThumb.style.transform = `translateX(${rtl ? -x.offset : x.offset}px)`;
      }
    }
  }, [rtl]);

  const showWhileScrolling = useCallback(() => {
    const root = rootRef.current;
    if (!root) return;
    root.dataset.scrolling = 'true';
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => {
      delete root.dataset.scrolling;
    }, 800);
  }, []);

  useEffect(() => {
    const viewport = viewportRef.current;
    const content = contentRef.current;
    if (!viewport || !content) return;
    update();
    const onScroll = () => {
      update();
      showWhileScrolling();
    };
    viewport.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(viewport);
    observer?.observe(content);
    return () => {
      viewport.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      clearTimeout(hideTimer.current);
    };
  }, [update, showWhileScrolling]);

  /** Dragging a thumb scrolls in proportion to the content. */
  const startDrag = (axis: 'x' | 'y') => (event: PointerEvent<HTMLDivElement>) => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    event.preventDefault();
    const thumb = event.currentTarget;
    thumb.setPointerCapture(event.pointerId);
    const startPointer = axis === 'y' ? event.clientY : event.clientX;
    const startScroll = axis === 'y' ? viewport.scrollTop : viewport.scrollLeft;
    const viewportSize = axis === 'y' ? viewport.clientHeight : viewport.clientWidth;
    const contentSize = axis === 'y' ? viewport.scrollHeight : viewport.scrollWidth;
    const geometry = thumbGeometry(viewportSize, contentSize, Math.abs(startScroll));
    if (!geometry) return;
    const ratio = (contentSize - viewportSize) / (viewportSize - geometry.size);
    const onMove = (move: globalThis.PointerEvent) => {
      const delta = (axis === 'y' ? move.clientY : move.clientX) - startPointer;
      if (axis === 'y') viewport.scrollTop = startScroll + delta * ratio;
      else viewport.scrollLeft = startScroll + delta * ratio;
    };
    const onUp = () => {
      thumb.removeEventListener('pointermove', onMove);
      thumb.removeEventListener('pointerup', onUp);
      thumb.removeEventListener('pointercancel', onUp);
    };
    thumb.addEventListener('pointermove', onMove);
    thumb.addEventListener('pointerup', onUp);
    thumb.addEventListener('pointercancel', onUp);
  };

  const thumbColor = alpha(theme.palette.grey[500], theme.palette.mode === 'dark' ? 0.56 : 0.48);

  return (
    <Box
      ref={rootRef}
      data-scrollbar="custom"
      sx={[
        {
          position: 'relative',
          minWidth: 0,
          minHeight: 0,
          overflow: 'hidden',
          display: 'flex',
          flexDirection: 'column',
          '& [data-scrollbar-track]': { opacity: 0, transition: 'opacity 200ms' },
          '&:hover [data-scrollbar-track], &[data-scrolling] [data-scrollbar-track]': {
            opacity: 1,
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        ref={viewportRef}
        aria-label={other['aria-label']}
        sx={{
          flex: 1,
          minHeight: 0,
          overflow: 'auto',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        }}
      >
        <Box ref={contentRef} sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
          {children}
        </Box>
      </Box>
      <Box
        data-scrollbar-track="y"
        aria-hidden="true"
        sx={{ position: 'absolute', top: 2, bottom: 2, right: 2, width: 8 }}
      >
        <Box
          ref={yThumbRef}
          onPointerDown={startDrag('y')}
          sx={{
            display: 'none',
            width: 6,
            mx: 'auto',
            borderRadius: 3,
            bgcolor: thumbColor,
            cursor: 'pointer',
            '&:hover': { width: 8 },
          }}
        />
      </Box>
      <Box
        data-scrollbar-track="x"
        aria-hidden="true"
        sx={{ position: 'absolute', left: 2, right: 2, bottom: 2, height: 8 }}
      >
        <Box
          ref={xThumbRef}
          onPointerDown={startDrag('x')}
          sx={{
            display: 'none',
            height: 6,
            my: 'auto',
            borderRadius: 3,
            bgcolor: thumbColor,
            cursor: 'pointer',
          }}
        />
      </Box>
    </Box>
  );
}
