extension PostgresSchema {
    /// Which photos use each file under `/media/` (`media_file`), kept by triggers as the
    /// photos' variant lists, films and galleries' previews say, so a file opens by the rule of
    /// the photos that use it; `hidden_media`, which hid a file for every owner, goes.
    static let mediaFiles = """
        CREATE TABLE media_file (
            file_name text NOT NULL,
            photo_id bigint NOT NULL REFERENCES photo ON DELETE CASCADE,
            -- A gallery's watermarked preview, not one of the photo's own variants.
            preview boolean NOT NULL DEFAULT false,
            PRIMARY KEY (file_name, photo_id));
        CREATE INDEX media_file_photo ON media_file (photo_id);
        CREATE FUNCTION photo_media_files() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'UPDATE' THEN
                DELETE FROM media_file WHERE photo_id = NEW.id AND NOT preview;
            END IF;
            INSERT INTO media_file (file_name, photo_id)
            SELECT name, NEW.id FROM (
                SELECT item ->> 'fileName' AS name FROM jsonb_array_elements(NEW.variants::jsonb) AS variant(item)
                UNION SELECT unnest(ARRAY[NEW.film::jsonb ->> 'mp4File', NEW.film::jsonb ->> 'webmFile',
                                          NEW.film::jsonb ->> 'storyboardFile', NEW.film::jsonb ->> 'storyboardMapFile'])
            ) AS files WHERE name IS NOT NULL
            ON CONFLICT DO NOTHING;
            RETURN NULL;
        END $$;
        CREATE TRIGGER photo_media_files AFTER INSERT OR UPDATE OF variants, film ON photo
            FOR EACH ROW EXECUTE FUNCTION photo_media_files();
        CREATE FUNCTION gallery_photo_media_files() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'DELETE' THEN
                DELETE FROM media_file WHERE photo_id = OLD.photo_id AND preview;
                RETURN NULL;
            END IF;
            INSERT INTO media_file (file_name, photo_id, preview)
            SELECT item ->> 'fileName', NEW.photo_id, true FROM jsonb_array_elements(NEW.previews::jsonb) AS shown(item)
            WHERE item ->> 'fileName' IS NOT NULL
            ON CONFLICT DO NOTHING;
            RETURN NULL;
        END $$;
        CREATE TRIGGER gallery_photo_media_files AFTER INSERT OR DELETE ON gallery_photo
            FOR EACH ROW EXECUTE FUNCTION gallery_photo_media_files();
        INSERT INTO media_file (file_name, photo_id)
        SELECT name, id FROM (
            SELECT photo.id, item ->> 'fileName' AS name FROM photo, jsonb_array_elements(photo.variants::jsonb) AS variant(item)
            UNION SELECT photo.id, unnest(ARRAY[photo.film::jsonb ->> 'mp4File', photo.film::jsonb ->> 'webmFile',
                                                photo.film::jsonb ->> 'storyboardFile', photo.film::jsonb ->> 'storyboardMapFile'])
            FROM photo WHERE photo.film IS NOT NULL
        ) AS files WHERE name IS NOT NULL
        ON CONFLICT DO NOTHING;
        INSERT INTO media_file (file_name, photo_id, preview)
        SELECT item ->> 'fileName', gallery_photo.photo_id, true
        FROM gallery_photo, jsonb_array_elements(gallery_photo.previews::jsonb) AS shown(item)
        WHERE item ->> 'fileName' IS NOT NULL
        ON CONFLICT DO NOTHING;
        -- Whether a photo is someone's profile picture, read with every file's facts.
        CREATE INDEX account_avatar ON account (avatar_photo_id) WHERE avatar_photo_id IS NOT NULL;
        DROP TABLE hidden_media;
        """
}
