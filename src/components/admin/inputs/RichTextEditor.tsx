// The article body editor (spec §2 shared pieces, §9). StarterKit 3 already carries Link,
// Underline and UndoRedo, so they are configured through it rather than added twice.
// Default-exported too: the article form loads it with React.lazy, which keeps tiptap and
// ProseMirror out of every other admin screen.
import TextAlign from '@tiptap/extension-text-align';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, type ReactNode } from 'react';
import './RichTextEditor.css';

export interface RichTextEditorProps {
  id: string;
  value: string;
  onChange(html: string): void;
}

export const editorTexts = {
  toolbar: 'ابزارهای ویرایش متن',
  bold: 'پررنگ',
  italic: 'مورب',
  underline: 'زیرخط',
  heading1: 'سرتیتر ۱',
  heading2: 'سرتیتر ۲',
  bulletList: 'فهرست نقطه‌ای',
  orderedList: 'فهرست شماره‌دار',
  blockquote: 'نقل قول',
  codeBlock: 'بلوک کد',
  link: 'لینک',
  alignRight: 'راست‌چین',
  alignCenter: 'وسط‌چین',
  alignLeft: 'چپ‌چین',
  alignJustify: 'تراز دو طرفه',
  undo: 'واگرد',
  redo: 'انجام دوباره',
  linkPrompt: 'آدرس لینک را وارد کنید',
  content: 'متن مقاله',
} as const;

const allowedProtocols = ['http', 'https', 'mailto'];

/** Only http, https and mailto links are kept; anything else (javascript:, data:, ftp:) is refused. */
export function isAllowedLink(url: string): boolean {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim());
  return match !== null && allowedProtocols.includes((match[1] ?? '').toLowerCase());
}

/** A bare `example.com/x` typed into the prompt becomes https; an address with `@` becomes mailto. */
export function normaliseLinkInput(input: string): string {
  const url = input.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(url)) return `mailto:${url}`;
  return `https://${url.replace(/^\/+/, '')}`;
}

/**
 * The toolbar's link action: the prompt shows the current address; cancel (null) changes
 * nothing, an empty answer removes the link, anything else sets it if its protocol is allowed.
 */
export function applyLinkPrompt(editor: Editor, prompt: (message: string, current: string) => string | null): void {
  const current: unknown = editor.getAttributes('link').href;
  const answer = prompt(editorTexts.linkPrompt, typeof current === 'string' ? current : '');
  if (answer === null) return;
  if (answer.trim() === '') {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    return;
  }
  const href = normaliseLinkInput(answer);
  if (!isAllowedLink(href)) return;
  editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
}

function ToolbarButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  // A word or number drawn on the button (H1, ۱.) is what a voice-control user reads off it and
  // says: it is part of the button's name, after what the button does. A symbol (•, ❝) is not.
  const shown = typeof children === 'string' && /[\p{L}\p{N}]/u.test(children) ? children : null;
  const name = shown === null ? label : `${label} ${shown}`;
  return (
    <button
      type="button"
      className="rte-button"
      aria-label={name}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keeps the editor's selection: a mousedown on the button would otherwise blur it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      right: e.isActive({ textAlign: 'right' }),
      center: e.isActive({ textAlign: 'center' }),
      left: e.isActive({ textAlign: 'left' }),
      justify: e.isActive({ textAlign: 'justify' }),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div className="rte-toolbar" role="toolbar" aria-label={editorTexts.toolbar}>
      <ToolbarButton label={editorTexts.bold} pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </ToolbarButton>
      <ToolbarButton label={editorTexts.italic} pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </ToolbarButton>
      <ToolbarButton
        label={editorTexts.underline}
        pressed={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      >
        <u>U</u>
      </ToolbarButton>
      <span className="rte-separator" aria-hidden="true" />
      <ToolbarButton
        label={editorTexts.heading1}
        pressed={state.h1}
        onClick={() => chain().toggleHeading({ level: 1 }).run()}
      >
        H1
      </ToolbarButton>
      <ToolbarButton
        label={editorTexts.heading2}
        pressed={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        H2
      </ToolbarButton>
      <span className="rte-separator" aria-hidden="true" />
      <ToolbarButton
        label={editorTexts.bulletList}
        pressed={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      >
        •
      </ToolbarButton>
      <ToolbarButton
        label={editorTexts.orderedList}
        pressed={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      >
        ۱.
      </ToolbarButton>
      <ToolbarButton
        label={editorTexts.blockquote}
        pressed={state.blockquote}
        onClick={() => chain().toggleBlockquote().run()}
      >
        ❝
      </ToolbarButton>
      <ToolbarButton
        label={editorTexts.codeBlock}
        pressed={state.codeBlock}
        onClick={() => chain().toggleCodeBlock().run()}
      >
        {'</>'}
      </ToolbarButton>
      <ToolbarButton
        label={editorTexts.link}
        pressed={state.link}
        onClick={() => applyLinkPrompt(editor, (m, c) => window.prompt(m, c))}
      >
        {/* Drawn, not the 🔗 emoji: a machine without an emoji font showed an empty box. */}
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
          <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
        </svg>
      </ToolbarButton>
      <span className="rte-separator" aria-hidden="true" />
      <ToolbarButton
        label={editorTexts.alignRight}
        pressed={state.right}
        onClick={() => chain().setTextAlign('right').run()}
      >
        ⇥
      </ToolbarButton>
      <ToolbarButton
        label={editorTexts.alignCenter}
        pressed={state.center}
        onClick={() => chain().setTextAlign('center').run()}
      >
        ↔
      </ToolbarButton>
      <ToolbarButton
        label={editorTexts.alignLeft}
        pressed={state.left}
        onClick={() => chain().setTextAlign('left').run()}
      >
        ⇤
      </ToolbarButton>
      <ToolbarButton
        label={editorTexts.alignJustify}
        pressed={state.justify}
        onClick={() => chain().setTextAlign('justify').run()}
      >
        ☰
      </ToolbarButton>
      <span className="rte-separator" aria-hidden="true" />
      <ToolbarButton label={editorTexts.undo} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        ↶
      </ToolbarButton>
      <ToolbarButton label={editorTexts.redo} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        ↷
      </ToolbarButton>
    </div>
  );
}

export function RichTextEditor({ id, value, onChange }: RichTextEditorProps) {
  // The HTML this editor last reported: an incoming `value` equal to it is our own echo and
  // must not reset the document (that would move the caret and drop the undo history).
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2] },
        undoRedo: { depth: 100, newGroupDelay: 500 },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto'],
          isAllowedUri: (url) => isAllowedLink(url),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
        },
      }),
      TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right', 'justify'] }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        dir: 'rtl',
        class: 'rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': editorTexts.content,
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      emitted.current = html;
      onChangeRef.current(html);
    },
  });

  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    if (value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  return (
    <div className="rte">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

export default RichTextEditor;
