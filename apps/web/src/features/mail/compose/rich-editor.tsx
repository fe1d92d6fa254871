import { useEffect, useImperativeHandle, type Ref } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { useTranslation } from 'react-i18next';
import {
  BoldIcon,
  BulletListIcon,
  ItalicIcon,
  LinkIcon,
  NumberListIcon,
  QuoteIcon,
  TextLtrIcon,
  TextRtlIcon,
  UnderlineIcon,
} from './compose-icons.tsx';

/** A block's writing direction: set by the writer, or `auto` (from its first strong letter). */
export type BlockDirection = 'ltr' | 'rtl' | 'auto';

/** The direction of the block the caret is in (its nearest text block). */
export function blockDirectionAt(editor: Editor): BlockDirection {
  const dir: unknown = editor.state.selection.$from.parent.attrs.dir;
  return dir === 'ltr' || dir === 'rtl' ? dir : 'auto';
}

/** What compose does to the editor from outside: insert a template, a snippet. */
export interface RichEditorHandle {
  insertHtml(html: string): void;
  setHtml(html: string): void;
  focus(): void;
}

export interface RichEditorProps {
  initialHtml: string;
  label: string;
  onChange: (html: string) => void;
  handle?: Ref<RichEditorHandle>;
  minHeight?: number | string;
}

/** Links a writer adds: web and mail addresses only (no `javascript:`). */
function safeHref(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (/^[^\s:/]+\.[^\s]+/.test(trimmed)) return `https://${trimmed}`;
  return null;
}

/**
 * The message's editor (tiptap: paragraphs, bold, italic, underline, lists, quotes, links) with
 * its toolbar. Its HTML is sanitised again by the server before it is stored or sent.
 *
 * Direction per block (record 064): tiptap's own text direction (`textDirection: 'auto'`, core
 * since 3.11) gives every block a `dir` attribute, `auto` by default — so an Arabic line and an
 * English quote under it each read their own way — and the toolbar's two buttons set the blocks
 * of the selection to left to right or right to left (pressed again: back to automatic). The
 * `dir` goes out in the HTML (the server's sanitiser keeps it).
 */
export function RichEditor({
  initialHtml,
  label,
  onChange,
  handle,
  minHeight = 180,
}: RichEditorProps) {
  const { t } = useTranslation('compose');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['mailto'] }),
    ],
    content: initialHtml,
    textDirection: 'auto',
    // No <style> element of its own: the CSP allows none; its few rules are below.
    injectCSS: false,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        dir: 'auto',
        'data-testid': 'compose-editor',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });

  useImperativeHandle(
    handle,
    () => ({
      insertHtml: (html) => editor?.chain().focus().insertContent(html).run(),
      setHtml: (html) => {
        editor?.commands.setContent(html);
        if (editor) onChange(editor.getHTML());
      },
      focus: () => editor?.commands.focus(),
    }),
    [editor, onChange],
  );

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const dir = current ? blockDirectionAt(current) : 'auto';
      return {
        bold: current?.isActive('bold') ?? false,
        italic: current?.isActive('italic') ?? false,
        underline: current?.isActive('underline') ?? false,
        bulletList: current?.isActive('bulletList') ?? false,
        orderedList: current?.isActive('orderedList') ?? false,
        blockquote: current?.isActive('blockquote') ?? false,
        link: current?.isActive('link') ?? false,
        ltr: dir === 'ltr',
        rtl: dir === 'rtl',
      };
    },
  });

  useEffect(() => () => editor?.destroy(), [editor]);

  /** The selection's blocks read this way; asked again, they go back to their own (`auto`). */
  const setDirection = (dir: 'ltr' | 'rtl') => {
    if (!editor) return;
    const next: BlockDirection = blockDirectionAt(editor) === dir ? 'auto' : dir;
    editor.chain().focus().setTextDirection(next).run();
  };

  const tools = [
    { key: 'bold', icon: <BoldIcon />, run: () => editor?.chain().focus().toggleBold().run() },
    {
      key: 'italic',
      icon: <ItalicIcon />,
      run: () => editor?.chain().focus().toggleItalic().run(),
    },
    {
      key: 'underline',
      icon: <UnderlineIcon />,
      run: () => editor?.chain().focus().toggleUnderline().run(),
    },
    {
      key: 'bulletList',
      icon: <BulletListIcon />,
      run: () => editor?.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      icon: <NumberListIcon />,
      run: () => editor?.chain().focus().toggleOrderedList().run(),
    },
    {
      key: 'blockquote',
      icon: <QuoteIcon />,
      run: () => editor?.chain().focus().toggleBlockquote().run(),
    },
    {
      key: 'link',
      icon: <LinkIcon />,
      run: () => {
        if (!editor) return;
        if (editor.isActive('link')) {
          editor.chain().focus().unsetLink().run();
          return;
        }
        const href = safeHref(window.prompt(t('editor.linkPrompt')) ?? '');
        if (href) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
      },
    },
    {
      key: 'ltr',
      icon: <TextLtrIcon />,
      run: () => setDirection('ltr'),
    },
    {
      key: 'rtl',
      icon: <TextRtlIcon />,
      run: () => setDirection('rtl'),
    },
  ] as const;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <Stack
        direction="row"
        role="toolbar"
        aria-label={t('editor.toolbar')}
        sx={{ gap: 0.25, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', py: 0.25 }}
      >
        {tools.map((tool) => (
          <Tooltip key={tool.key} title={t(`editor.${tool.key}`)}>
            <IconButton
              size="small"
              aria-label={t(`editor.${tool.key}`)}
              aria-pressed={active?.[tool.key] ?? false}
              onClick={tool.run}
              sx={{ color: active?.[tool.key] ? 'text.primary' : 'text.secondary' }}
            >
              {tool.icon}
            </IconButton>
          </Tooltip>
        ))}
      </Stack>
      <Box
        sx={{
          flex: 1,
          overflowY: 'auto',
          typography: 'body2',
          '& .tiptap': {
            outline: 'none',
            position: 'relative',
            whiteSpace: 'break-spaces',
            wordWrap: 'break-word',
            fontVariantLigatures: 'none',
            '& pre': { whiteSpace: 'pre-wrap' },
            '& img.ProseMirror-separator': {
              display: 'inline !important',
              border: 'none !important',
              margin: '0 !important',
              width: '0 !important',
              height: '0 !important',
            },
            '&.ProseMirror-hideselection *': { caretColor: 'transparent' },
            '&.ProseMirror-hideselection *::selection': { background: 'transparent' },
            minHeight,
            py: 1,
            '& p': { my: 0.5 },
            '& blockquote': {
              borderInlineStart: 3,
              borderColor: 'divider',
              color: 'text.secondary',
              ms: 0,
              ps: 1.5,
              my: 1,
            },
            '& a': { color: 'primary.dark' },
          },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
