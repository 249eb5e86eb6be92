import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { CannedRepliesService } from './canned-replies.service';
import { CannedReplyRepository } from './canned-reply.repository';
import { ConversationNoteRepository } from './conversation-note.repository';
import { NotesController } from './notes.controller';
import { NotesService } from './notes.service';

/** Private notes and canned replies; the notes repository is what turns read notes from. */
@Module({
  imports: [ConversationsModule],
  controllers: [NotesController],
  providers: [NotesService, CannedRepliesService, ConversationNoteRepository, CannedReplyRepository],
  exports: [ConversationNoteRepository],
})
export class NotesModule {}
